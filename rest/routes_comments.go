package rest

// commentListParams are the query parameters of comment lists (contract 4.5).
var commentListParams = withPage(Param{"order", String}, Param{"status", String}, Param{"format", String},
	Param{"targetPage", String}, Param{"authors", List})

// commentRoutes serve contract 4.5 under a space and 4.6 under a change
// request: the same operations (the mutations shared: a path without
// {changeRequestId} leaves it null). Deletes answer 205, or 204 when there
// was nothing to delete, as the reference document says.
var commentRoutes = append(
	commentRoutesUnder("/v1/spaces/{spaceId}", "Space", "space"),
	commentRoutesUnder(crPath, "ChangeRequest", "space.changeRequest")...)

// commentRoutesUnder is the comment routes under base; scope names their
// read operations and result the path of the thread in their data.
func commentRoutesUnder(base, scope, result string) []Route {
	list, one := base+"/comments", base+"/comments/{commentId}"
	reply := one + "/replies/{commentReplyId}"
	return []Route{
		{Method: get, Path: list, Op: "List" + scope + "Comments", Result: result + ".commentList", Query: commentListParams, Status: ok},
		{Method: post, Path: list, Op: "PostComment", Body: true, Status: ok},
		{Method: get, Path: one, Op: "Get" + scope + "Comment", Result: result + ".comment", Query: formatParams, Status: ok},
		{Method: put, Path: one, Op: "UpdateComment", Body: true, Status: ok},
		{Method: del, Path: one, Op: "DeleteComment", Status: resetContent, Absent: noContent},
		{Method: get, Path: one + "/replies", Op: "List" + scope + "CommentReplies", Result: result + ".comment.replyList", Query: withPage(formatParams...), Status: ok},
		{Method: post, Path: one + "/replies", Op: "PostCommentReply", Body: true, Query: formatParams, Status: ok},
		{Method: get, Path: reply, Op: "Get" + scope + "CommentReply", Result: result + ".comment.reply", Query: formatParams, Status: ok},
		{Method: put, Path: reply, Op: "UpdateCommentReply", Body: true, Status: ok},
		{Method: del, Path: reply, Op: "DeleteCommentReply", Status: resetContent, Absent: noContent},
	}
}
