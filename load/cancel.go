package load

import (
	"context"
	"os/exec"
)

// stopped reports whether Options.Done is closed: the caller no longer
// wants the result, so no more files are listed or read.
func (opt *Options) stopped() bool {
	select {
	case <-opt.Done:
		return true
	default:
		return false
	}
}

// command is exec.Command, but the process is killed when Options.Done
// is closed. release ends the watch; call it once the process has ended.
func (opt *Options) command(name string, args ...string) (cmd *exec.Cmd, release func()) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case <-opt.Done:
			cancel()
		case <-ctx.Done():
		}
	}()
	return exec.CommandContext(ctx, name, args...), cancel
}
