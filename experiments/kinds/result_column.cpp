// Matching of declared result columns, and the identification columns every results.csv begins with.
#include "experiments/kinds/result_column.hpp"

#include <algorithm>
#include <cctype>

namespace mpnsim {

namespace {

constexpr std::string_view kFamilySuffix = "_<i>";

}  // namespace

const std::vector<ResultColumn>& identification_columns() {
  static const std::vector<ResultColumn> columns{
      {"point", ColumnType::numeric, std::nullopt, "the sweep point, from 0 in the order of the sweep", ""},
      {"repetition", ColumnType::numeric, std::nullopt, "the repetition of the point, from 0", ""},
      {"seed", ColumnType::numeric, std::nullopt,
       "the run's seed, derived from the experiment's seed, the point's parameters and the repetition", ""},
  };
  return columns;
}

bool column_matches(const ResultColumn& declared, std::string_view column) {
  const std::string_view name = declared.name;
  if (!name.ends_with(kFamilySuffix)) return name == column;
  const std::string_view stem = name.substr(0, name.size() - kFamilySuffix.size() + 1);  // keeps the '_'
  if (!column.starts_with(stem) || column.size() == stem.size()) return false;
  const std::string_view index = column.substr(stem.size());
  return std::all_of(index.begin(), index.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

const ResultColumn* find_column(std::span<const ResultColumn> columns, std::string_view column) {
  for (const auto& c : columns)
    if (column_matches(c, column)) return &c;
  return nullptr;
}

std::string to_string(ColumnType type) { return type == ColumnType::numeric ? "numeric" : "text"; }

std::string to_string(std::optional<Better> better) {
  if (!better) return "";
  return *better == Better::lower ? "lower is better" : "higher is better";
}

}  // namespace mpnsim
