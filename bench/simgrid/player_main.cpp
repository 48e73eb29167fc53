// The players' shared frame: result file, peak RSS and errors (player_main.hpp).
#include "bench/simgrid/player_main.hpp"

#include <cstdio>
#include <exception>

namespace mpnsim::bench {

int run_player(const char* name, const char* result_path, const std::function<PlayResult(PhaseClock&)>& play) {
  try {
    PhaseClock clock;
    const PlayResult result = play(clock);
    write_play_result(result, result_path);
    clock.lap("write result file");
    append_peak_rss(result_path);  // last: nothing more is allocated after it
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return 1;
  }
  return 0;
}

}  // namespace mpnsim::bench
