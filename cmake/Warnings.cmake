# SPDX-License-Identifier: GPL-3.0-or-later
# One place for the project's compiler warnings; applied per target.
function(llmwb_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                           -Wold-style-cast -Woverloaded-virtual -Wno-unused-parameter)
endfunction()
