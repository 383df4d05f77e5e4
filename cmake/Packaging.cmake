# The Debian package (CPack, DEB generator): `cpack --config build/release/CPackConfig.cmake`
# after a release build writes carc-oracle_VERSION_ARCH.deb. It installs
#   /usr/bin/carc-oracle                      the tool (the oracle data -- tiles, rulesets, the
#                                             rulings ledger, lookup's vocabulary -- is embedded)
#   /usr/share/carc-oracle/scenarios/         the scenario corpus (`carc-oracle run` it by path)
#   /usr/share/carc-oracle/schemas/           the JSON schemas (protocol, expectations, export)
#   /usr/share/carc-oracle/adapters/          the example adapter (oracle/adapters/)
#   /usr/share/carc-oracle/implementer-ci/    the example implementer CI (examples/implementer-ci/):
#                                             under share/, not share/doc/, which container images
#                                             often leave out (dpkg path-exclude)
#   /usr/share/doc/carc-oracle/               README.md, PROTOCOL.md, EXPORT.md
# ctest `package` (label `package`) builds the package from the build tree and checks it
# (cmake/CheckPackage.cmake).
include(GNUInstallDirs)

install(TARGETS carc-oracle RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/scenarios/ DESTINATION ${CMAKE_INSTALL_DATADIR}/carc-oracle/scenarios)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/oracle/schemas/ DESTINATION ${CMAKE_INSTALL_DATADIR}/carc-oracle/schemas)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/oracle/PROTOCOL.md
              ${PROJECT_SOURCE_DIR}/oracle/EXPORT.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/carc-oracle)  # not DOCDIR: that is share/doc/carc_oracle
install(FILES ${PROJECT_SOURCE_DIR}/oracle/adapters/README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/carc-oracle/adapters)
install(PROGRAMS ${PROJECT_SOURCE_DIR}/oracle/adapters/toy_adapter.py
        DESTINATION ${CMAKE_INSTALL_DATADIR}/carc-oracle/adapters)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/implementer-ci/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/carc-oracle/implementer-ci USE_SOURCE_PERMISSIONS)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME carc-oracle)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Carcassonne Rules Oracle maintainers <carc-oracle@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Carcassonne rules oracle: reference engine, scenario corpus and test runner")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Runs a corpus of rules scenarios, each citing its ruling, against the reference\n engine or against another implementation over a line-based JSON protocol, and\n reports in text, JSON lines, JUnit XML, Markdown or HTML.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # carc-oracle_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_STRIP_FILES ON)
# yaml-cpp, fmt and the C++ runtime are found by dpkg-shlibdeps from the binary's NEEDED
# entries. The Snowball stemmer (lookup) is opened with dlopen by its full path on first use
# (src/lookup/words.cpp), so dpkg-shlibdeps cannot see it: named here. python3 runs the example
# adapter only: a suggestion.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libstemmer0d")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3")
include(CPack)
