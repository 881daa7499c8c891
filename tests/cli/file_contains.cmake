# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command that writes FILE, then checks FILE against a regular expression.
# cmake -DCOMMAND="a;b;c" -DFILE=... -DREGEX=... -P file_contains.cmake
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "failed (${status}): ${COMMAND}\n${out}\n${err}")
endif()
file(READ ${FILE} text)
if(NOT text MATCHES "${REGEX}")
  message(FATAL_ERROR "${FILE} does not match ${REGEX}")
endif()
message(STATUS "${FILE} matches")
