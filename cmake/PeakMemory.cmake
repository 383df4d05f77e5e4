# Runs a command under GNU time and fails when its peak resident set exceeds
# LIMIT_MIB (README "Speed": a full corpus run stays under 64 MiB).
#   cmake -DTIME=/usr/bin/time -DLIMIT_MIB=64 "-DCMD=prog|arg|arg" -P PeakMemory.cmake
string(REPLACE "|" ";" command "${CMD}")
execute_process(COMMAND ${TIME} -f "peak-rss-kib %M" ${command}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
string(REGEX MATCH "peak-rss-kib ([0-9]+)" found "${err}")
if(NOT found)
  message(FATAL_ERROR "no peak memory reported by ${TIME} (exit ${rc}):\n${err}")
endif()
math(EXPR kib "${CMAKE_MATCH_1}")
math(EXPR limit_kib "${LIMIT_MIB} * 1024")
message(STATUS "peak resident set: ${kib} KiB (limit ${LIMIT_MIB} MiB), exit ${rc}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the command failed (exit ${rc})")
endif()
if(kib GREATER limit_kib)
  message(FATAL_ERROR "peak resident set ${kib} KiB is over ${LIMIT_MIB} MiB")
endif()
