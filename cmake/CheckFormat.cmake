# Fails when a C++ file of src/, tests/, bench/ or fuzz/ is not laid out as .clang-format says,
# naming each file and the command that fixes them. Run as the ctest `format`:
#   cmake -DCLANG_FORMAT=/usr/bin/clang-format -DROOT=<source dir> -P cmake/CheckFormat.cmake
file(GLOB_RECURSE files RELATIVE ${ROOT}
     ${ROOT}/src/*.cpp ${ROOT}/src/*.hpp ${ROOT}/tests/*.cpp ${ROOT}/tests/*.hpp
     ${ROOT}/bench/*.cpp ${ROOT}/bench/*.hpp ${ROOT}/fuzz/*.cpp ${ROOT}/fuzz/*.hpp)
list(SORT files)
list(LENGTH files checked)
# One call for all (fast); only when it fails, one per file to name them.
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${files}
                WORKING_DIRECTORY ${ROOT} RESULT_VARIABLE all_rc OUTPUT_QUIET ERROR_QUIET)
if(all_rc EQUAL 0)
  message(STATUS "${checked} files formatted as .clang-format says")
  return()
endif()
set(drifted "")
foreach(f IN LISTS files)
  execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${f}
                  WORKING_DIRECTORY ${ROOT} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    list(APPEND drifted ${f})
  endif()
endforeach()
if(drifted)
  list(JOIN drifted "\n  " shown)
  message(FATAL_ERROR "not formatted as .clang-format says:\n  ${shown}\n"
                      "fix with: clang-format -i <the files above> (from the repository root)")
endif()
message(FATAL_ERROR "clang-format failed on the files together but on none alone (exit ${all_rc})")
