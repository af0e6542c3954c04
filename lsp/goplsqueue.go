package lsp

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// goplsQueueMax bounds the bytes of the editor's messages that wait for
// gopls to read them: 64 MiB, some thirty whole-text changes of the
// largest file copycat reads (-max-file-size's 2 MiB); one message alone
// is always taken, up to the 256 MiB a message may hold. gopls reads its
// input as it comes, so that messages wait only while it is busy for a
// moment, or stuck.
var goplsQueueMax = 64 << 20

// goplsGrace is how long gopls is given: to exit after the editor's exit
// (or the end of its input) before it is killed, and to take a byte of a
// full queue before it is taken for stuck.
var goplsGrace = 5 * time.Second

// shutdownWait is how long the proxy waits for gopls's answer to the
// editor's shutdown before answering it itself: an editor waits for that
// answer before it sends exit (VS Code, 2 s).
var shutdownWait = time.Second

// errGoplsStuck says that gopls stopped reading the messages given to it.
var errGoplsStuck = errors.New("gopls stopped reading its input")

// A goplsQueue passes the editor's messages to gopls in order, from a
// goroutine of its own, so that a gopls that stops reading holds up none
// of the editor's messages that the proxy handles itself (shutdown, exit,
// the end of its input): they used to wait behind a write to gopls that
// never ended.
type goplsQueue struct {
	w       io.WriteCloser // gopls's input
	max     int            // goplsQueueMax
	grace   time.Duration  // goplsGrace
	editor  *writer        // to the editor: while a write to it waits, gopls may wait on the proxy
	mu      sync.Mutex
	cond    *sync.Cond
	msgs    [][]byte // framed, the first one being written
	size    int      // the bytes of msgs not yet written
	closed  bool     // nothing more comes: close w once msgs are written
	failed  error    // writing to gopls failed: msgs are dropped
	written time.Time
}

func newGoplsQueue(w io.WriteCloser, max int, grace time.Duration, editor *writer) *goplsQueue {
	q := &goplsQueue{w: w, max: max, grace: grace, editor: editor, written: time.Now()}
	q.cond = sync.NewCond(&q.mu)
	go q.run()
	return q
}

// push queues one message's body for gopls. When the queue is full it
// waits while gopls takes bytes, or while the proxy's write to the
// editor waits (gopls may be waiting for the proxy to take its output,
// which waits for the editor to read it: as the server does, the proxy
// then reads no more of the editor's messages until the editor reads).
// It returns errGoplsStuck once gopls has taken nothing for goplsGrace
// and no write to the editor waits.
func (q *goplsQueue) push(body []byte) error {
	framed := fmt.Appendf(nil, "Content-Length: %d\r\n\r\n", len(body))
	framed = append(framed, body...)
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.size > 0 && q.size+len(framed) > q.max && q.failed == nil {
		if time.Since(q.written) >= q.grace && q.editor.waiting.Load() == 0 {
			return fmt.Errorf("%w: it took nothing for %v, %d bytes of messages waiting", errGoplsStuck, time.Since(q.written).Round(time.Second), q.size)
		}
		q.mu.Unlock()
		time.Sleep(50 * time.Millisecond)
		q.mu.Lock()
	}
	if q.failed != nil {
		return q.failed
	}
	q.msgs = append(q.msgs, framed)
	q.size += len(framed)
	q.cond.Signal()
	return nil
}

// close ends the queue: gopls's input is closed once the messages
// queued are written (or writing them fails).
func (q *goplsQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.cond.Signal()
	q.mu.Unlock()
}

// run writes the queued messages to gopls, a piece at a time so that
// push sees gopls take them.
func (q *goplsQueue) run() {
	defer q.w.Close()
	const piece = 64 << 10
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		for len(q.msgs) == 0 && !q.closed {
			q.cond.Wait()
		}
		if len(q.msgs) == 0 {
			return
		}
		m := q.msgs[0]
		for len(m) > 0 {
			n := min(len(m), piece)
			q.mu.Unlock()
			_, err := q.w.Write(m[:n])
			q.mu.Lock()
			if err != nil {
				q.failed = fmt.Errorf("writing to gopls: %w", err)
				q.msgs, q.size = nil, 0
				return
			}
			m = m[n:]
			q.size -= n
			q.written = time.Now()
		}
		q.msgs[0] = nil
		q.msgs = q.msgs[1:]
	}
}
