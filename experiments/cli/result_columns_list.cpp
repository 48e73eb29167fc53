// Prints the result columns every experiment kind declares, per rows mode, for `mpnsim list`.
#include "experiments/cli/result_columns_list.hpp"

#include <fmt/format.h>

#include "experiments/kinds/experiment_kind.hpp"

namespace mpnsim {

namespace {

void print_column(std::ostream& out, const ResultColumn& c) {
  std::string text = c.meaning;
  if (c.better) text += "; " + to_string(c.better);
  if (!c.when.empty()) text += " [only: " + c.when + "]";
  out << fmt::format("      {:<24} {:<7}  {}\n", c.name, to_string(c.type), text);
}

}  // namespace

void list_result_columns(std::ostream& out) {
  out << "\nResult columns of results.csv, per kind and `rows:` mode (plots, errorbars and comparisons name them).\n"
         "Every row starts with point, repetition and seed, then the swept keys; a name ending in _<i> stands\n"
         "for columns numbered from 0; [only: ...] says when a column appears:\n";
  for (const auto& k : experiment_kinds()) {
    const auto& modes = k->rows_modes();
    for (std::size_t i = 0; i < modes.size(); ++i) {
      out << fmt::format("  {}, rows: {}{}: {}\n", k->name(), modes[i].name, i == 0 ? " (the default)" : "",
                         modes[i].meaning);
      for (const auto& c : modes[i].columns) print_column(out, c);
    }
  }
}

}  // namespace mpnsim
