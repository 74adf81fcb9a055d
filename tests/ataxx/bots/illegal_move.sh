#!/bin/sh
# A UAI engine that answers every go with d4, a single move no stone of the start position reaches.
while IFS= read -r line; do
  case "$line" in
    uai) echo "id name illegal move"; echo "uaiok" ;;
    isready) echo "readyok" ;;
    go*) echo "info depth 3 score cp 12 nodes 345 pv d4"; echo "bestmove d4" ;;
  esac
done
