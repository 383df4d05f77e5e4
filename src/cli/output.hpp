#pragma once
// Writing output so that a failure is never silent: a report, a file given
// with --out / --svg / --save-expectations, and standard output itself (a full
// disk, /dev/full, a read-only place, a closed pipe). Each write is checked
// after flushing and closing; a failure is a message and exit code 74
// (kExitOutput, README "Exit codes").
#include <cstddef>
#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

namespace carc {

class ReportSet;

// Colour only for a terminal on stdout, and never when NO_COLOR is set (no-color.org).
bool use_colour(const std::ostream& out);

// Creates the file (and, with make_dirs, its missing parent directories),
// writes it through `write`, closes it and checks every step. On failure
// writes "carc-oracle COMMAND: cannot write PATH: REASON" on err and returns false.
bool write_file_checked(const std::string& path, bool make_dirs, std::string_view command, std::ostream& err,
                        const std::function<void(std::ostream&)>& write);

// Flushes the stream and checks it: false, after "carc-oracle: cannot write
// to WHAT: REASON" on err, when anything written to it was lost.
bool flush_checked(std::ostream& out, std::string_view what, std::ostream& err);

// Finishes every report of the set: with a directory, each into DIR/<its file
// name> (report_file_name; the directory made as needed) with a "wrote PATH"
// line on out; with a file (one format only), into it; else (one format) to
// out. False, with the reason on err, when one could not be written whole
// (the others are still written).
bool write_reports(ReportSet& set, const std::string& dir, const std::string& file, std::string_view command,
                   std::ostream& out, std::ostream& err);

// The next line of `in` without its newline, cut after `max` bytes (the caller refuses it then):
// a line of a gigabyte is never read whole. False at the end (render, merge).
bool read_line_within(std::istream& in, std::string& line, std::size_t max);
// The bounds of reading a saved run's JSON lines back (render, merge): a line is at most a few
// hundred KiB (a result keeps 64 KiB of differences, src/runner/README.md "Memory"); a record
// nests 4 levels and holds some thousands of values.
inline constexpr std::size_t kSavedLineBytes = std::size_t{16} << 20;
inline constexpr int kSavedDepth = 32;
inline constexpr std::size_t kSavedValues = std::size_t{1} << 18;

}  // namespace carc
