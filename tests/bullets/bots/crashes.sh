#!/bin/sh
# A Bullets bot that dies without answering: no output, so the turn is played as 8.
echo "segfault imminent" >&2
exit 3
