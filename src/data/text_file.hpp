#pragma once
// Reading an input file the one way every file the oracle reads is read
// (scenario files, expectations files): the type is checked before a byte is
// read, so a FIFO, /dev/zero or another device, a directory or a socket is
// refused at once; the file is opened without blocking (a FIFO swapped in
// after the check cannot hang the open) and checked again on the open file;
// and a file over the size cap is refused without being read whole.
#include <cstddef>
#include <string>
#include <string_view>

#include "engine/result.hpp"

namespace carc {

// The whole text of a regular file of at most max_bytes bytes; otherwise why
// not, e.g. "not a regular file but a FIFO (named pipe)", "file of 2000000
// bytes; scenario files are limited to 1048576 bytes", "permission denied".
// `kind` names the files in the size message ("scenario files").
Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes, std::string_view kind);

// strerror's text as the oracle's messages are written: "permission denied".
std::string errno_text(int e);

// "a FIFO (named pipe)", "a directory", ... for a st_mode that is not a regular file.
std::string file_type_name(unsigned mode);

}  // namespace carc
