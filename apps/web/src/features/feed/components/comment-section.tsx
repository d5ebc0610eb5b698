import type { Post } from '@alumnet/contract';
import { CommentThread } from '../../../components/comment-thread';
import { useSaveComment } from '../api/posts';

export function CommentSection({ post, userId }: { post: Post; userId: string }) {
  const saveComment = useSaveComment(userId);
  return (
    <CommentThread
      comments={post.comments}
      pending={saveComment.isPending}
      onComment={(comment, done) =>
        saveComment.mutate({ postId: post._id, comment }, { onSuccess: done })
      }
    />
  );
}
