#pragma once
// The --sprt option's text: "elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=logistic|normalized]".
#include <string>

#include "eval/stats/sprt.hpp"

namespace gamelab::cli {

eval::SprtConfig parse_sprt_arg(const std::string& text, const std::string& what = "--sprt");

}  // namespace gamelab::cli
