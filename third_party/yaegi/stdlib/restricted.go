package stdlib

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"
)

var errRestricted = errors.New("restricted")

// osExit invokes panic instead of exit, with a value that the interpreter
// unwinds without running deferred calls and that recover does not see
// (culab patch 103: interp.ExitCode).
func osExit(code int) { panic(exit(code)) }

// exit is the panic value of os.Exit(code).
type exit int

// ExitCode returns the status that the program exits with.
func (e exit) ExitCode() int { return int(e) }

func (e exit) Error() string { return "os.Exit(" + strconv.Itoa(int(e)) + ")" }

// osFindProcess returns os.FindProcess, except for self process.
func osFindProcess(pid int) (*os.Process, error) {
	if pid == os.Getpid() {
		return nil, errRestricted
	}
	return os.FindProcess(pid)
}

// The following functions print, then call osExit(1), as Fatal prints,
// then exits (culab patch 103: they called Panic, which runs deferred
// calls and may be recovered).
func logFatal(v ...interface{})            { fatal(log.Output, fmt.Sprint(v...)) }
func logFatalf(f string, v ...interface{}) { fatal(log.Output, fmt.Sprintf(f, v...)) }
func logFatalln(v ...interface{})          { fatal(log.Output, fmt.Sprintln(v...)) }

// fatal writes s with output, a logger's Output, then calls osExit(1).
func fatal(output func(calldepth int, s string) error, s string) {
	_ = output(3, s)
	osExit(1)
}

type logLogger struct {
	l *log.Logger
}

// logNew Returns a wrapped logger.
func logNew(out io.Writer, prefix string, flag int) *logLogger {
	return &logLogger{log.New(out, prefix, flag)}
}

// The following methods print, then call osExit(1), as the functions do.
func (l *logLogger) Fatal(v ...interface{})            { fatal(l.l.Output, fmt.Sprint(v...)) }
func (l *logLogger) Fatalf(f string, v ...interface{}) { fatal(l.l.Output, fmt.Sprintf(f, v...)) }
func (l *logLogger) Fatalln(v ...interface{})          { fatal(l.l.Output, fmt.Sprintln(v...)) }

// The following methods just forward to wrapped logger.
func (l *logLogger) Flags() int                        { return l.l.Flags() }
func (l *logLogger) Output(d int, s string) error      { return l.l.Output(d, s) }
func (l *logLogger) Panic(v ...interface{})            { l.l.Panic(v...) }
func (l *logLogger) Panicf(f string, v ...interface{}) { l.l.Panicf(f, v...) }
func (l *logLogger) Panicln(v ...interface{})          { l.l.Panicln(v...) }
func (l *logLogger) Prefix() string                    { return l.l.Prefix() }
func (l *logLogger) Print(v ...interface{})            { l.l.Print(v...) }
func (l *logLogger) Printf(f string, v ...interface{}) { l.l.Printf(f, v...) }
func (l *logLogger) Println(v ...interface{})          { l.l.Println(v...) }
func (l *logLogger) SetFlags(flag int)                 { l.l.SetFlags(flag) }
func (l *logLogger) SetOutput(w io.Writer)             { l.l.SetOutput(w) }
func (l *logLogger) Writer() io.Writer                 { return l.l.Writer() }
