# ctest `package`: builds the Debian package from the build tree (cpack), checks what it holds
# and what it depends on, extracts it (dpkg-deb -x) and runs the packaged binary on the packaged
# corpus from a directory that holds no scenarios/ (so nothing is found in the source tree).
# -DCPACK_CONFIG=<build>/CPackConfig.cmake -DWORK=<scratch dir> -DSOURCE=<source root>
foreach(var CPACK_CONFIG WORK SOURCE)
  if(NOT ${var})
    message(FATAL_ERROR "CheckPackage.cmake: -D${var}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

find_program(CPACK NAMES cpack REQUIRED)
find_program(DPKG_DEB NAMES dpkg-deb REQUIRED)
execute_process(COMMAND ${CPACK} --config ${CPACK_CONFIG} -B ${WORK} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cpack failed (${rc}):\n${out}")
endif()
file(GLOB debs ${WORK}/*.deb)
list(LENGTH debs n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "expected one .deb in ${WORK}, found ${n}: ${debs}\n${out}")
endif()
message(STATUS "package: ${debs}")

# Contents: the binary, every scenario file of the corpus, the documents, the example adapter and CI.
execute_process(COMMAND ${DPKG_DEB} -c ${debs} RESULT_VARIABLE rc OUTPUT_VARIABLE listing)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-deb -c failed (${rc})")
endif()
set(missing "")
set(required usr/bin/carc-oracle usr/share/carc-oracle/scenarios/README.md
             usr/share/carc-oracle/schemas/expectations.schema.json usr/share/doc/carc-oracle/README.md
             usr/share/doc/carc-oracle/PROTOCOL.md usr/share/doc/carc-oracle/EXPORT.md
             usr/share/carc-oracle/adapters/toy_adapter.py usr/share/carc-oracle/adapters/README.md
             usr/share/carc-oracle/implementer-ci/implementer-ci.sh
             usr/share/carc-oracle/implementer-ci/github-workflow.yml)
file(GLOB_RECURSE corpus RELATIVE ${SOURCE}/scenarios ${SOURCE}/scenarios/*.yaml)
list(LENGTH corpus corpus_files)
if(corpus_files LESS 100)
  message(FATAL_ERROR "only ${corpus_files} scenario files found under ${SOURCE}/scenarios")
endif()
foreach(f ${corpus})
  list(APPEND required usr/share/carc-oracle/scenarios/${f})
endforeach()
foreach(f ${required})
  string(FIND "${listing}" " ./${f}\n" at)
  if(at EQUAL -1)
    list(APPEND missing ${f})
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "the package lacks:\n  ${missing}\ncontents:\n${listing}")
endif()
# The toy adapter and the script stay executable.
foreach(f usr/bin/carc-oracle usr/share/carc-oracle/adapters/toy_adapter.py
          usr/share/carc-oracle/implementer-ci/implementer-ci.sh)
  if(NOT listing MATCHES "\n-rwxr-xr-x [^\n]* \\./${f}\n")
    message(FATAL_ERROR "${f} is not installed executable (rwxr-xr-x):\n${listing}")
  endif()
endforeach()

# Dependencies: the shared libraries the binary links (found by dpkg-shlibdeps) and the stemmer it
# opens by path.
execute_process(COMMAND ${DPKG_DEB} -f ${debs} Depends RESULT_VARIABLE rc OUTPUT_VARIABLE depends)
foreach(dep libyaml-cpp libfmt libstdc\\+\\+ libc6 libstemmer0d)
  if(NOT depends MATCHES "(^|, )${dep}")
    message(FATAL_ERROR "Depends lacks ${dep}: ${depends}")
  endif()
endforeach()
message(STATUS "Depends: ${depends}")

# The packaged binary on the packaged corpus, from an empty directory.
execute_process(COMMAND ${DPKG_DEB} -x ${debs} ${WORK}/root RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-deb -x failed (${rc})")
endif()
file(MAKE_DIRECTORY ${WORK}/cwd)
execute_process(COMMAND ${WORK}/root/usr/bin/carc-oracle run ${WORK}/root/usr/share/carc-oracle/scenarios
                WORKING_DIRECTORY ${WORK}/cwd RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the packaged carc-oracle run exited ${rc}:\n${err}\n${out}")
endif()
if(NOT out MATCHES "\n([0-9]+) results: ([0-9]+) passed\n")
  message(FATAL_ERROR "no summary line 'N results: N passed' in:\n${out}")
endif()
if(NOT CMAKE_MATCH_1 EQUAL CMAKE_MATCH_2 OR CMAKE_MATCH_1 LESS 1000)
  message(FATAL_ERROR "the packaged corpus gave ${CMAKE_MATCH_1} results, ${CMAKE_MATCH_2} passed")
endif()
message(STATUS "packaged run: ${CMAKE_MATCH_1} results, all passed")
# The toy adapter as packaged, against the packaged corpus (python3 is only suggested by the package).
find_program(PYTHON3 NAMES python3)
if(PYTHON3)
  execute_process(COMMAND ${WORK}/root/usr/bin/carc-oracle run ${WORK}/root/usr/share/carc-oracle/scenarios
                          --id "BR-*" --impl "${PYTHON3} ${WORK}/root/usr/share/carc-oracle/adapters/toy_adapter.py"
                  WORKING_DIRECTORY ${WORK}/cwd RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES " passed")
    message(FATAL_ERROR "the packaged toy adapter run exited ${rc}:\n${err}\n${out}")
  endif()
endif()
