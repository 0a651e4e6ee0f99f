package main

import (
	"encoding/json"
	"fmt"
	"time"
)

type Event struct {
	time.Time
	Kernel string
}

func main() {
	e := Event{time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), "saxpy"}
	b, err := json.Marshal(e)
	fmt.Println(string(b), err)
	fmt.Println(e.Year(), e.Kernel)
}
