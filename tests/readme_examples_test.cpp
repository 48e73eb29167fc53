// The README is tested: every YAML block is validated and every `build/mpnsim ...` command runs (issue #12).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace mpnsim {
namespace {

// A fenced block of README.md. A block preceded by the comment
// <!-- readme-test: skip --> (blank lines allowed between) is not tested:
// for a YAML fragment that cannot stand alone, or commands that need more than
// the build (mpirun, SimGrid). Prefer standalone blocks.
struct Block {
  std::string language;  // "yaml", "sh", ...
  int line = 0;          // of the opening fence, 1-based
  std::vector<std::string> lines;
  bool skipped = false;
};

std::vector<Block> fenced_blocks(const std::string& text) {
  std::vector<Block> blocks;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  bool inside = false, skip_next = false;
  Block current;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("```", 0) == 0) {
      if (!inside) {
        current = Block{line.substr(3), number, {}, skip_next};
        skip_next = false;
        inside = true;
      } else {
        blocks.push_back(current);
        inside = false;
      }
      continue;
    }
    if (inside) {
      current.lines.push_back(line);
    } else if (line.find("<!-- readme-test: skip -->") != std::string::npos) {
      skip_next = true;
    } else if (!line.empty()) {
      skip_next = skip_next && line.rfind("<!--", 0) == 0;  // only comments may stand between
    }
  }
  return blocks;
}

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

// The `build/mpnsim ...` commands of a shell line: each part between `&&`
// that starts with build/mpnsim, without its trailing `# comment`.
std::vector<std::string> mpnsim_commands(const std::string& line) {
  std::vector<std::string> out;
  std::string rest = line;
  if (const auto hash = rest.find(" #"); hash != std::string::npos) rest = rest.substr(0, hash);
  std::size_t start = 0;
  for (;;) {
    const auto amp = rest.find("&&", start);
    const std::string part = trim(rest.substr(start, amp == std::string::npos ? std::string::npos : amp - start));
    if (part.rfind("build/mpnsim ", 0) == 0) out.push_back(part.substr(std::string("build/mpnsim ").size()));
    if (amp == std::string::npos) break;
    start = amp + 2;
  }
  return out;
}

using testing::run_in;

TEST(ReadmeExamples, ExtractorFindsBlocksCommandsAndSkips) {
  const auto blocks = fenced_blocks("a\n```yaml\nname: x\n```\n<!-- readme-test: skip -->\n\n```sh\nls\n```\n```sh\n"
                                    "./scripts/setup.sh && build/mpnsim run f.yaml   # go\n```\n");
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].language, "yaml");
  EXPECT_EQ(blocks[0].line, 2);
  EXPECT_FALSE(blocks[0].skipped);
  EXPECT_TRUE(blocks[1].skipped);
  EXPECT_FALSE(blocks[2].skipped);
  EXPECT_EQ(mpnsim_commands(blocks[2].lines[0]), std::vector<std::string>{"run f.yaml"});
  EXPECT_TRUE(mpnsim_commands("mpirun -n 4 build/mpnsim run f.yaml").empty());
}

// Every YAML block validates, and every command exits 0, in order, in one
// scratch directory that sees the repository's experiments/, docs/ and tests/.
void check_document(const std::string& document, int least_yaml_blocks, int least_commands) {
  const std::filesystem::path source(MPNSIM_SOURCE_DIR);
  const std::string text = testing::read_file(source / document);
  ASSERT_FALSE(text.empty()) << document;
  testing::ScratchRepo dir("readme");
  int yaml_blocks = 0, commands = 0;
  for (const Block& b : fenced_blocks(text)) {
    if (b.skipped) continue;
    if (b.language == "yaml") {
      const std::string name = "readme_block_line" + std::to_string(b.line) + ".yaml";
      std::ofstream(dir.path() / name) << [&] {
        std::string block;
        for (const auto& l : b.lines) block += l + "\n";
        return block;
      }();
      const auto r = run_in(dir.path(), std::string(MPNSIM_BINARY) + " validate " + name, 60);
      EXPECT_EQ(r.exit_code, 0) << document << ":" << b.line << ": the YAML block does not validate:\n" << r.output;
      ++yaml_blocks;
    } else if (b.language == "sh") {
      for (std::size_t i = 0; i < b.lines.size(); ++i)
        for (const auto& args : mpnsim_commands(b.lines[i])) {
          const auto r = run_in(dir.path(), std::string(MPNSIM_BINARY) + " " + args + " > /dev/null", 120);
          EXPECT_EQ(r.exit_code, 0) << document << ":" << b.line + 1 + static_cast<int>(i) << ": build/mpnsim "
                                    << args << "\n" << r.output;
          ++commands;
        }
    }
  }
  EXPECT_GE(yaml_blocks, least_yaml_blocks) << document;
  EXPECT_GE(commands, least_commands) << document;
}

TEST(ReadmeExamples, EveryYamlBlockValidatesAndEveryCommandRuns) { check_document("README.md", 4, 11); }

TEST(ReadmeExamples, TheDagGuidesExamplesRun) { check_document("docs/dag.md", 1, 1); }

TEST(ReadmeExamples, TheDivisibleBeyondGuidesExamplesRun) { check_document("docs/divisible_beyond.md", 0, 6); }

}  // namespace
}  // namespace mpnsim
