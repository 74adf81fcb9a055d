#pragma once
// A strict well-formedness check of the report's HTML, stricter than browsers are: every element
// closed in order (HTML's void elements excepted, and "/>" allowed), attribute values in double
// quotes, no '<' or '>' in text or values that is not part of markup, every '&' an entity, the
// contents of <style> free of "</". Returns the problems found, each with its line; none means
// well-formed.
#include <string>
#include <vector>

namespace report_test {

std::vector<std::string> html_problems(const std::string& html);

}  // namespace report_test
