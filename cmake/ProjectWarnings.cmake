# One place for the project's warning flags (STYLE.md habit 11).
function(project_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
                                           -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual)
  if(CARC_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
