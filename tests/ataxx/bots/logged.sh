#!/bin/sh
# A UAI engine's input written to a log: `logged.sh LOG COMMAND...` appends every line the lab sends to
# LOG and hands it on to COMMAND (the real engine), whose answers go straight back.
log=$1
shift
tee -a "$log" | "$@"
