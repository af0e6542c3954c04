package pipeline

import (
	"os"
	"path/filepath"
)

// Beam's in-process runner (prism, the default) runs the workers in
// loopback mode, and for that makes an empty file named
// beamloopbackworker-* in the temporary directory, which it never
// removes (runnerlib.Execute: the file only stands for a worker binary
// loopback does not use). A run of copycat-dist, or of the tests, would
// leave one behind each time.

// loopbackPattern names the files Beam makes.
const loopbackPattern = "beamloopbackworker-*"

// LoopbackFiles lists the files of Beam's loopback pattern in the
// temporary directory now: those a run must not remove.
func LoopbackFiles() map[string]bool {
	names, _ := filepath.Glob(filepath.Join(os.TempDir(), loopbackPattern))
	before := make(map[string]bool, len(names))
	for _, n := range names {
		before[n] = true
	}
	return before
}

// RemoveLoopbackFiles removes the empty files of Beam's loopback pattern
// that were not in the temporary directory before (LoopbackFiles): those
// the run made. Another run's file removed by mistake is no loss, as
// nothing reads it.
func RemoveLoopbackFiles(before map[string]bool) {
	names, _ := filepath.Glob(filepath.Join(os.TempDir(), loopbackPattern))
	for _, n := range names {
		if before[n] {
			continue
		}
		if info, err := os.Lstat(n); err == nil && info.Mode().IsRegular() && info.Size() == 0 {
			os.Remove(n)
		}
	}
}
