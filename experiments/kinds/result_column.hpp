// The declaration of a result column: what an experiment kind writes to results.csv, its type and direction.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/analysis/metric_direction.hpp"

namespace mpnsim {

// How results.csv and gnuplot read a column: numbers, or text (names, labels, true/false).
enum class ColumnType { numeric, text };

struct ResultColumn {
  // The column's name. A name ending in "_<i>" stands for a family of columns numbered from 0
  // (alpha_hat_0, alpha_hat_1, ...).
  std::string name;
  ColumnType type = ColumnType::numeric;
  // For a numeric metric, which way is better (`compare:` reads it); none for identification
  // and bookkeeping columns (processors, level, seed, ...).
  std::optional<Better> better;
  std::string meaning;
  // Empty when every row of the rows mode has the column; otherwise when it appears
  // ("strategies hypercube-nlf and hypercube-llf", "with execution:").
  std::string when;
};

// One `rows:` mode of a kind: what one row of results.csv stands for, and its columns.
struct RowsMode {
  std::string name;     // "summary", "layers", ...
  std::string meaning;  // "one row per run", "one row per layer of the solution", ...
  std::vector<ResultColumn> columns;
};

// The columns the runner writes in front of every kind's: point, repetition, seed.
const std::vector<ResultColumn>& identification_columns();

// Whether `column` (a concrete name) is the declared `declared` (a name or a "_<i>" family).
bool column_matches(const ResultColumn& declared, std::string_view column);
// The declaration of `column` among `columns`, or nullptr.
const ResultColumn* find_column(std::span<const ResultColumn> columns, std::string_view column);

std::string to_string(ColumnType type);
std::string to_string(std::optional<Better> better);  // "lower is better", "higher is better" or ""

}  // namespace mpnsim
