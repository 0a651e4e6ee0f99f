package interp

import (
	"log"
	"strconv"
)

// culab patch 103: os.Exit ends the program at once: deferred calls do
// not run and recover does not stop it. The restricted os.Exit of stdlib
// panics, as the interpreter's process must not end; that panic ran the
// deferred calls of every frame it unwound and a recover caught it, and
// log.Fatal was log.Panic. Its value now has an ExitCode method, and a
// frame unwinds it without running its deferred calls; log.Fatal prints,
// then panics with such a value of status 1 (fixStdlib).

// ExitCode returns the status of an os.Exit (or log.Fatal) whose panic
// value is v, and whether v is one.
func ExitCode(v any) (int, bool) {
	if e, ok := v.(interface{ ExitCode() int }); ok {
		return e.ExitCode(), true
	}
	return 0, false
}

// exitStatus is the panic value of log.Fatal: the program's end with a
// status.
type exitStatus int

// ExitCode returns the status that the program exits with.
func (e exitStatus) ExitCode() int { return int(e) }

func (e exitStatus) Error() string { return "exit status " + strconv.Itoa(int(e)) }

// fatal writes s to l, then ends the program with status 1, as
// log.Fatal does.
func fatal(l *log.Logger, s string) {
	_ = l.Output(3, s)
	panic(exitStatus(1))
}
