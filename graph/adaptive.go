package graph

import (
	"math"

	"github.com/expr-lang/expr"
	exprast "github.com/expr-lang/expr/ast"
)

// The conditions of a page's {% if %} blocks (adaptive content) are
// GitBook's expressions, which GitBook evaluates as JavaScript: a claim
// the visitor does not have is undefined, and a value stands for true or
// false by its truthiness. GitBook's own example is
// `{% if !visitor.claims.unsigned.example_attribute_A %}`, shown to every
// visitor without the claim. Folio evaluates them with the same language
// as the conditions of sections and site spaces (expr), with JavaScript's
// reading of those two points: every member access is optional (a missing
// claim, or a claim of a missing object, is nil), and the operands of !,
// not, &&, ||, and, or, of a ternary's test, and the result itself are
// read by truthiness (nil, false, 0, NaN and "" are false; anything else
// is true). Anything else that fails (a comparison of a number with a
// string, say) is false, as for sections: the content does not show.

// ContentConditionHolds is whether the condition of an {% if %} block
// holds for a visitor's claims (nil: a visitor without claims).
func ContentConditionHolds(condition string, claims map[string]any) bool {
	if len(condition) > 4096 {
		return false
	}
	prog, err := expr.Compile(condition, expr.Env(conditionEnv(nil)), expr.Patch(jsReading{}),
		expr.Function("truthy", func(args ...any) (any, error) { return truthy(args[0]), nil }, new(func(any) bool)))
	if err != nil {
		return false
	}
	out, err := expr.Run(prog, conditionEnv(claims))
	return err == nil && truthy(out)
}

// jsReading rewrites a condition to read claims as JavaScript does (see
// above).
type jsReading struct{}

func (jsReading) Visit(node *exprast.Node) {
	switch n := (*node).(type) {
	case *exprast.MemberNode:
		if !n.Method {
			n.Optional = true
			*node = &exprast.ChainNode{Node: n}
		}
	case *exprast.UnaryNode:
		if n.Operator == "!" || n.Operator == "not" {
			n.Node = truthyOf(n.Node)
		}
	case *exprast.BinaryNode:
		switch n.Operator {
		case "&&", "||", "and", "or":
			n.Left, n.Right = truthyOf(n.Left), truthyOf(n.Right)
		}
	case *exprast.ConditionalNode:
		n.Cond = truthyOf(n.Cond)
	}
}

func truthyOf(n exprast.Node) exprast.Node {
	return &exprast.CallNode{Callee: &exprast.IdentifierNode{Value: "truthy"}, Arguments: []exprast.Node{n}}
}

// truthy is JavaScript's truthiness of a JSON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case int:
		return x != 0
	case int64:
		return x != 0
	case float64:
		return x != 0 && !math.IsNaN(x)
	}
	return true
}
