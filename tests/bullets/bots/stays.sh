#!/bin/sh
# A well-behaved Bullets bot: reads the input and does nothing (8).
cat >/dev/null
echo 8
