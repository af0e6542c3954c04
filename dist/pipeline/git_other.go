//go:build !unix

package pipeline

import "syscall"

// noTerminal is nil where a command cannot be started without a
// terminal to open (Windows has no /dev/tty).
func noTerminal() *syscall.SysProcAttr { return nil }
