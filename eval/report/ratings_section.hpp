#pragma once
// The report of several records files together: a rating list (eval/ratings, the numbers `gamelab
// ratings` prints with the same options), drawn with its error bars, the head-to-head matrix (each
// engine's score against each other, with the games played) and one line per match file.
#include <string>
#include <vector>

#include "eval/ratings/rating_list.hpp"
#include "eval/records.hpp"
#include "eval/report/document.hpp"

namespace gamelab::eval::report {

Section ratings_section(const std::vector<RecordsFile>& files, const RatingOptions& options);

}  // namespace gamelab::eval::report
