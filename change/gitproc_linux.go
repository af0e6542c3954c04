package change

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
)

// killOnCancel makes cmd, when its context ends, kill git and every
// process below it: git runs others (in a partial clone, git fetch, and
// under it git remote-http or ssh), which hold git's output open, so
// that a reader of it waited for them after git was killed, and they
// ran on, blocked on a remote that never answers.
func killOnCancel(cmd *exec.Cmd) {
	cmd.Cancel = func() error {
		pid := cmd.Process.Pid
		for _, p := range descendants(pid) {
			syscall.Kill(p, syscall.SIGKILL)
		}
		return cmd.Process.Kill()
	}
}

// descendants lists the processes below pid, as /proc has them now.
func descendants(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// "pid (comm) state ppid …": comm may hold spaces and ")".
		_, rest, ok := strings.Cut(string(b[strings.LastIndexByte(string(b), ')')+1:]), " ")
		if f := strings.Fields(rest); ok && len(f) > 1 {
			if ppid, err := strconv.Atoi(f[1]); err == nil {
				children[ppid] = append(children[ppid], p)
			}
		}
	}
	var out []int
	for todo := children[pid]; len(todo) > 0; {
		p := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1], children[p]...)
		out = append(out, p)
	}
	return out
}
