// run_child: fork and exec without a shell, output read through a pipe, the interruption flag polled.
#include "experiments/output/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sim/interruption.hpp"

namespace mpnsim {

ChildResult run_child(const std::filesystem::path& dir, const std::string& program, const std::vector<std::string>& args) {
  ChildResult r;
  // Everything the child needs is prepared before fork: after it, in a threaded process, the
  // child may only call async-signal-safe functions.
  const std::string where = dir.string();
  std::vector<std::string> words{program};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) {
    r.output = std::string("could not make a pipe for ") + program + ": " + std::strerror(errno);
    return r;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(out[0]);
    ::close(out[1]);
    r.output = std::string("could not start ") + program + ": " + std::strerror(errno);
    return r;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    const int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) ::dup2(null, 0);
    ::dup2(out[1], 1);
    ::dup2(out[1], 2);
    if (::chdir(where.c_str()) != 0) ::_exit(126);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here, so that the group exists whichever of the two runs first
  ::close(out[1]);
  r.started = true;
  char buf[4096];
  for (bool open = true; open;) {
    if (interruption_requested().load()) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      r.interrupted = true;
      break;
    }
    pollfd p{out[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, 100);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = ::read(out[0], buf, sizeof buf);
    if (n > 0) r.output.append(buf, static_cast<std::size_t>(n));
    else if (n == 0 || errno != EINTR) open = false;
  }
  ::close(out[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!r.interrupted && WIFEXITED(status)) {
    r.status = WEXITSTATUS(status);
    if (r.status == 126 || r.status == 127) {
      r.started = r.status == 126 ? r.started : false;
      if (r.output.empty())
        r.output = r.status == 127 ? "could not start " + program : "could not enter " + where;
    }
  }
  return r;
}

}  // namespace mpnsim
