package main

import (
	"bufio"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// csFinding is one error compute-sanitizer printed, in the virtual GPU's
// kinds: "out-of-bounds", "misaligned", "race", "barrier-divergence",
// "uninitialized".
type csFinding struct {
	Kind     string
	Severity string // "error" or "warning"
	File     string
	Line     int // the access (race: the second access)
	Other    int // race: the line of the first access; 0 otherwise
	Space    string
	Access   string // "read", "write", …
	Thread   string // "(x,y,z)"
	Block    string
	Header   string // the error's first line
	Hazards  int    // race (analysis mode): hazards it stands for
}

var (
	reInvalid  = regexp.MustCompile(`^Invalid __(\w+)__ (\w+) of size (\d+) bytes`)
	reUninit   = regexp.MustCompile(`^Uninitialized __(\w+)__ memory (\w+) of size (\d+) bytes`)
	reRace     = regexp.MustCompile(`^(Error|Warning): Race reported between (\w+) access at .* in (.+?):(\d+)`)
	reRaceAnd  = regexp.MustCompile(`^and (\w+) access at .* in (.+?):(\d+)(?:.*\[(\d+) hazards?\])?`)
	reHazard   = regexp.MustCompile(`^(ERROR|WARNING): Potential (\w+) hazard detected at __(\w+)__`)
	reHazAcc   = regexp.MustCompile(`^(Read|Write) Thread \(([\d, ]+)\) at .* in (.+?):(\d+)`)
	reBarrier  = regexp.MustCompile(`^Barrier error detected\.`)
	reAt       = regexp.MustCompile(`^at .* in (.+?):(\d+)`)
	reBy       = regexp.MustCompile(`^by thread (\([\d, ]+\)) in block (\([\d, ]+\))`)
	reAddress  = regexp.MustCompile(`^(?:Address|Access to) 0x[0-9a-fA-F]+ is (misaligned|out of bounds)`)
	rePrefixed = regexp.MustCompile(`^=+ ?`)
)

// parseSanitizer reads compute-sanitizer's text output (any tool, default
// prefix "========= ") and returns its errors in order. Lines that belong
// to no error (backtraces, summaries, the program's own output) are
// skipped.
func parseSanitizer(r io.Reader) ([]csFinding, error) {
	var out []csFinding
	var cur *csFinding
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		raw := sc.Text()
		if !rePrefixed.MatchString(raw) {
			continue
		}
		line := strings.TrimSpace(rePrefixed.ReplaceAllString(raw, ""))
		switch {
		case reInvalid.MatchString(line):
			flush()
			m := reInvalid.FindStringSubmatch(line)
			cur = &csFinding{Kind: "out-of-bounds", Severity: "error", Space: m[1], Access: m[2], Header: line}
		case reUninit.MatchString(line):
			flush()
			m := reUninit.FindStringSubmatch(line)
			cur = &csFinding{Kind: "uninitialized", Severity: "error", Space: m[1], Access: m[2], Header: line}
		case reRace.MatchString(line):
			flush()
			m := reRace.FindStringSubmatch(line)
			n, _ := strconv.Atoi(m[4])
			cur = &csFinding{Kind: "race", Severity: strings.ToLower(m[1]), Space: "shared", Other: n, File: m[3], Header: line, Access: strings.ToLower(m[2])}
		case reHazard.MatchString(line):
			flush()
			m := reHazard.FindStringSubmatch(line)
			cur = &csFinding{Kind: "race", Severity: strings.ToLower(m[1]), Space: m[3], Header: line}
		case reBarrier.MatchString(line):
			flush()
			cur = &csFinding{Kind: "barrier-divergence", Severity: "error", Header: line}
		case cur == nil:
		case cur.Kind == "race" && reRaceAnd.MatchString(line):
			m := reRaceAnd.FindStringSubmatch(line)
			cur.Line, _ = strconv.Atoi(m[3])
			cur.Access = cur.Access + "/" + strings.ToLower(m[1])
			if m[4] != "" {
				cur.Hazards, _ = strconv.Atoi(m[4])
			}
		case cur.Kind == "race" && reHazAcc.MatchString(line):
			// Hazard mode: the first access line is the earlier one.
			m := reHazAcc.FindStringSubmatch(line)
			n, _ := strconv.Atoi(m[4])
			if cur.Other == 0 {
				cur.Other, cur.File, cur.Thread = n, m[3], "("+m[2]+")"
			} else {
				cur.Line = n
			}
		case reAt.MatchString(line) && cur.Line == 0:
			m := reAt.FindStringSubmatch(line)
			cur.File = m[1]
			cur.Line, _ = strconv.Atoi(m[2])
		case reBy.MatchString(line):
			m := reBy.FindStringSubmatch(line)
			cur.Thread, cur.Block = m[1], m[2]
		case reAddress.MatchString(line):
			if reAddress.FindStringSubmatch(line)[1] == "misaligned" {
				cur.Kind = "misaligned"
			}
		}
	}
	flush()
	return out, sc.Err()
}
