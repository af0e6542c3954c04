package pipeline

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/copycat-go/copycat/internal/cli"
)

// ExitOnSignal has the process end at SIGINT or SIGTERM as copycat ends
// an interrupted run: what it was fetching removed (Interrupt), with
// Beam's loopback files made since before (RemoveLoopbackFiles),
// "copycat-dist: interrupted" on standard error, exit status 130. A
// second signal kills it at once. On Prism the workers run in the
// process, so that their temporary things go too; a cluster's runner
// ends its workers, whose leftovers the next run on the machine removes
// (makeTemp).
func ExitOnSignal(before map[string]bool) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		signal.Reset(os.Interrupt, syscall.SIGTERM)
		Interrupt()
		RemoveLoopbackFiles(before)
		fmt.Fprintln(os.Stderr, "copycat-dist: interrupted")
		os.Exit(cli.ExitInterrupted)
	}()
}

// AwaitInterrupt blocks for ever once the run was interrupted: the
// signal's handler ends the process, with status 130, once it has
// removed what the run was fetching. A run stopped by it ends soon after
// the signal, with an error of its own, which said exit status 2.
func AwaitInterrupt() {
	if interrupted.Err() != nil {
		select {}
	}
}
