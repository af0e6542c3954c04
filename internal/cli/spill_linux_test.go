package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// cgroupChild is set in the environment of the test binary run inside a
// memory cgroup: its test prints memoryLimit() and passes. It returns
// rather than exits, so that TestMain removes its temporary cache folder.
const cgroupChild = "COPYCAT_TEST_CGROUP_CHILD"

// -spill auto finds the limit of the memory cgroup the process runs in.
// Making a cgroup needs root and a writable cgroup file system: the test
// is skipped without them.
func TestMemoryLimitFromCgroup(t *testing.T) {
	if os.Getenv(cgroupChild) != "" {
		fmt.Println("limit", memoryLimit())
		return
	}
	const limit = 3 << 30
	procs := memoryCgroup(t, limit)
	cmd := exec.Command("sh", "-c", `echo $$ > "$0" && exec "$@"`, procs, os.Args[0], "-test.run=^TestMemoryLimitFromCgroup$")
	cmd.Env = append(os.Environ(), cgroupChild+"=1", "GOMEMLIMIT=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child in the cgroup: %v\n%s", err, out)
	}
	var got int64
	err = fmt.Errorf("no limit line")
	for _, line := range strings.Split(string(out), "\n") {
		if n, ok := strings.CutPrefix(line, "limit "); ok {
			got, err = strconv.ParseInt(n, 10, 64)
			break
		}
	}
	if err != nil || got != limit {
		t.Errorf("memoryLimit() in a cgroup of %d bytes: %q", limit, out)
	}
}

// memoryCgroup makes a memory cgroup limited to limit bytes, removed when
// the test ends, and returns the file a process is moved into it by.
func memoryCgroup(t *testing.T, limit int64) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("making a cgroup needs root")
	}
	name := fmt.Sprintf("copycat-test-%d", os.Getpid())
	var dir, limitFile string
	if v2, err := os.ReadFile("/sys/fs/cgroup/cgroup.controllers"); err == nil && strings.Contains(" "+string(v2)+" ", " memory ") {
		dir, limitFile = filepath.Join("/sys/fs/cgroup", name), "memory.max"
	} else if _, err := os.Stat("/sys/fs/cgroup/memory/memory.limit_in_bytes"); err == nil {
		dir, limitFile = filepath.Join("/sys/fs/cgroup/memory", name), "memory.limit_in_bytes"
	} else {
		t.Skip("no memory cgroup controller mounted")
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Skipf("cannot make a cgroup: %v", err)
	}
	t.Cleanup(func() { os.Remove(dir) }) // empty once its one process has exited
	if err := os.WriteFile(filepath.Join(dir, limitFile), []byte(strconv.FormatInt(limit, 10)), 0o644); err != nil {
		t.Skipf("cannot limit a cgroup: %v", err)
	}
	return filepath.Join(dir, "cgroup.procs")
}
