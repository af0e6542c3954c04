//go:build !linux

package change

import "os/exec"

// killOnCancel leaves cmd to be killed alone when its context ends: the
// processes git runs are not found here (see gitproc_linux.go).
func killOnCancel(*exec.Cmd) {}
