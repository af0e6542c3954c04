package pipeline

import (
	"context"
	"errors"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/copycat-go/copycat/internal/cli"
)

// A worker makes two kinds of temporary things: a module's zip, downloaded
// into the temporary directory (copycat-dist-PID-R.zip, up to 500 MiB),
// and the folder a module's files or a repository's tree is written into
// before it is renamed into place (.fetch-PID-R, beside it, up to 4 GiB).
// A run removes them when it is done with them; one interrupted (SIGINT,
// SIGTERM) ended at once and left them, and no later run removed them,
// so that each cancelled run could leave a zip and half a tree. Now the
// interrupted run removes those it is making (Interrupt), and a worker
// removes, in each folder where it makes one, those a run killed outright
// left (SIGKILL, a machine out of memory), as copycat removes its own
// (cli.RemoveStale): named with the number of the process that made
// them, and locked (cli.LockOwn) while in use.

// Prefixes and suffixes of the temporary things' names.
const (
	zipPrefix, zipSuffix = "copycat-dist-", ".zip"
	fetchPrefix          = ".fetch-"
)

// temps are the temporary things the process is making, each with the
// file that holds its lock.
var temps struct {
	sync.Mutex
	locks       map[string]*os.File
	interrupted bool
}

// errInterrupted ends what a worker was doing when the run was
// interrupted.
var errInterrupted = errors.New("interrupted")

// makeTemp makes an empty file, or a folder if folder, in dir, named
// prefix+PID+"-"+R+suffix, once those a dead run left in dir are
// removed; it is locked and kept track of until dropTemp or keepTemp.
func makeTemp(dir, prefix, suffix string, folder bool) (string, error) {
	cli.RemoveStale(dir, folder, cli.PIDNamed(prefix, suffix))
	temps.Lock()
	defer temps.Unlock()
	if temps.interrupted {
		return "", errInterrupted
	}
	pattern := prefix + strconv.Itoa(os.Getpid()) + "-*" + suffix
	var name string
	if folder {
		var err error
		if name, err = os.MkdirTemp(dir, pattern); err != nil {
			return "", err
		}
	} else {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return "", err
		}
		name = f.Name()
		f.Close()
	}
	lock, err := os.Open(name)
	if err != nil {
		os.RemoveAll(name)
		return "", err
	}
	cli.LockOwn(lock)
	if temps.locks == nil {
		temps.locks = map[string]*os.File{}
	}
	temps.locks[name] = lock
	return name, nil
}

// dropTemp removes the temporary thing name, if it is still there.
func dropTemp(name string) {
	temps.Lock()
	defer temps.Unlock()
	release(name)
	os.RemoveAll(name)
}

// keepTemp renames the temporary thing name to dst, unless the run was
// interrupted: a tree that Interrupt may have emptied in part is never
// put in place.
func keepTemp(name, dst string) error {
	temps.Lock()
	defer temps.Unlock()
	if temps.interrupted {
		return errInterrupted
	}
	if err := os.Rename(name, dst); err != nil {
		return err
	}
	release(name)
	return nil
}

// release stops tracking name and drops its lock; temps is locked.
func release(name string) {
	if lock := temps.locks[name]; lock != nil {
		lock.Close()
		delete(temps.locks, name)
	}
}

// interrupted is done once the run is interrupted: the downloads and
// the git commands of the process run under it (interruptible).
var interrupted, interruptAll = context.WithCancel(context.Background())

// interruptible returns ctx, done also once the run is interrupted, and
// the function that releases it.
func interruptible(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(interrupted, cancel)
	return ctx, func() { stop(); cancel() }
}

// interruptGrace is how long Interrupt lets what was fetching remove its
// own temporary things, once stopped, before it removes what is left:
// git, stopped, may still be writing into its folder.
const interruptGrace = time.Second

// Interrupt stops what the process is fetching (its downloads, and git,
// killed with what it runs), removes the temporary things it was making,
// and keeps it from making or renaming any more: the run was
// interrupted, and the process ends.
func Interrupt() {
	temps.Lock()
	temps.interrupted = true
	temps.Unlock()
	interruptAll()
	for deadline := time.Now().Add(interruptGrace); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		temps.Lock()
		n := len(temps.locks)
		temps.Unlock()
		if n == 0 {
			break
		}
	}
	temps.Lock()
	defer temps.Unlock()
	for name := range temps.locks {
		release(name)
		os.RemoveAll(name)
	}
}
