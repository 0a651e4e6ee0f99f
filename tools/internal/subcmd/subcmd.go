// Package subcmd runs a comparison tool's subcommands (`tool CMD [flags]`):
// the dispatch, the usage line that lists them, an error printed with the
// tool's name, and the comma-separated lists their flags take.
package subcmd

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Cmd is one subcommand: its name and what runs it with the arguments after
// the name.
type Cmd struct {
	Name string
	Run  func(args []string) error
}

// Main runs the subcommand that os.Args names and exits: 2 with the usage
// line for none or an unknown one, 1 with its error.
func Main(prog string, cmds ...Cmd) {
	os.Exit(run(prog, os.Args[1:], os.Stderr, cmds))
}

func run(prog string, args []string, stderr io.Writer, cmds []Cmd) int {
	if len(args) > 0 {
		for _, c := range cmds {
			if c.Name == args[0] {
				if err := c.Run(args[1:]); err != nil {
					fmt.Fprintf(stderr, "%s: %v\n", prog, err)
					return 1
				}
				return 0
			}
		}
	}
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.Name
	}
	fmt.Fprintf(stderr, "usage: %s %s [flags] (%s CMD -h for the flags)\n", prog, strings.Join(names, "|"), prog)
	return 2
}

// List splits a flag's comma-separated value; "" is none.
func List(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
