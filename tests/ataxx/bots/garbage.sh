#!/bin/sh
# A UAI engine that talks garbage: lines of noise around its handshake and its search, then a bestmove
# that names no move (with "handshake": noise instead of uaiok, for ever).
while IFS= read -r line; do
  case "$line" in
    uai)
      echo "%%% hello ###"
      if [ "$1" = handshake ]; then
        while :; do echo "uaiok?! no"; sleep 0.01; done
      fi
      echo "id name garbage"; printf 'option \001\002 junk\n'; echo "uaiok" ;;
    isready) echo "readyok" ;;
    go*) echo "info depth x score cp ? nodes -"; echo "bestmove ~!@"; echo "bestmove a1" ;;
  esac
done
