// Did-you-mean for flags, and refusal of repeated options.
#include "experiments/config/flag_suggestions.hpp"

#include <fmt/format.h>

#include "sim/parameters.hpp"

namespace mpnsim {

namespace {

std::string without_dashes(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && s[i] == '-') ++i;
  return s.substr(i);
}

void add_names(const CLI::App& app, std::vector<std::string>& out) {
  for (const CLI::Option* o : app.get_options()) {
    for (const auto& l : o->get_lnames())
      if (l != "help" && l != "version") out.push_back("--" + l);
    for (const auto& s : o->get_snames())
      if (s != "h") out.push_back("-" + s);
  }
}

}  // namespace

std::vector<std::string> flag_names(const CLI::App& app) {
  std::vector<std::string> out;
  add_names(app, out);
  return out;
}

void refuse_repeated_options(CLI::App& app) {
  for (CLI::Option* o : app.get_options())
    if (o->get_type_size() > 0 && o->get_items_expected_max() == 1 && o->get_positional() == false)
      o->multi_option_policy(CLI::MultiOptionPolicy::Throw);
  for (CLI::App* sub : app.get_subcommands({})) refuse_repeated_options(*sub);
}

std::string did_you_mean_flag(const std::string& name, const std::vector<std::string>& candidates) {
  std::vector<std::string> bare;
  for (const auto& c : candidates) bare.push_back(without_dashes(c));
  const std::string near = nearest_name(without_dashes(name), bare);
  if (near.empty()) return "";
  return fmt::format(" (did you mean {}{}?)", near.size() == 1 ? "-" : "--", near);
}

std::string unknown_flags_message(const CLI::App& app, const std::vector<std::string>& extras) {
  std::vector<std::string> names = flag_names(app);
  if (app.get_parent()) add_names(*app.get_parent(), names);
  std::string out;
  for (const auto& e : extras) {
    if (e.empty() || e[0] != '-') continue;  // the value of an unknown flag
    const std::string flag = e.substr(0, e.find('='));
    out += fmt::format("{}unknown flag {}{}", out.empty() ? "" : "; ", flag, did_you_mean_flag(flag, names));
  }
  if (out.empty()) out = fmt::format("unexpected argument(s): {}", fmt::join(extras, " "));
  return out;
}

}  // namespace mpnsim
