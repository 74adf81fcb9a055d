#!/bin/sh
# A Bullets bot that answers, then exits with an error: only the output counts.
cat >/dev/null
echo 3
exit 1
