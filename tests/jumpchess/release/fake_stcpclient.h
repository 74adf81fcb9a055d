// Stands in for the organisers' STcpClient.h as Sample.cpp sees it on Windows: <windows.h>'s macros,
// `using namespace std;` and a few globals, so that the test can check that the exported GetStep file
// still compiles after it (tests/jumpchess/release/export_test.cpp).
#pragma once
// The standard headers first: libstdc++'s own headers do not survive the min/max macros (MSVC's do).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <vector>

#define min(a, b) (((a) < (b)) ? (a) : (b))
#define max(a, b) (((a) > (b)) ? (a) : (b))
#define near
#define far
#define small char
#define ERROR 0
#define IN
#define OUT
#define DELETE (0x00010000L)
#define interface struct
using namespace std;

struct State {
  int unused;
};
struct Limits {
  int unused;
};
struct Move {
  int unused;
};
extern int idTeam;
bool GetBoard(int& id_package, std::vector<std::vector<int>>& board, bool& is_black);
void SendStep(int id_package, std::vector<std::vector<int>>& step);
