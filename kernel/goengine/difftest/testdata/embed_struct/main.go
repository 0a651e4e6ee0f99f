package main

import "fmt"

type Base struct {
	ID   int
	Name string
}

func (b Base) Describe() string { return fmt.Sprintf("#%d %s", b.ID, b.Name) }

func (b *Base) Rename(n string) { b.Name = n }

type Employee struct {
	Base
	Salary int
}

type Manager struct {
	Employee
	Reports []string
}

func main() {
	m := Manager{Employee{Base{1, "ann"}, 100}, []string{"bob"}}
	fmt.Println(m.Describe(), m.Name, m.Salary)
	m.Rename("anna")
	fmt.Println(m.Employee.Base.Name)
	fmt.Printf("%v\n%+v\n", m, m)
}
