using Google.Protobuf.WellKnownTypes;
using Articles = RpcCompare.Benchmarks.Messages.Proto;

namespace RpcCompare.Benchmarks.Messages;

/// <summary>Article &lt;-&gt; protobuf, written the way src/Contracts/ProtoMapping.cs maps the graph types.</summary>
public static class ArticleMapping
{
    public static Articles.Article ToProto(this Article a)
    {
        var message = new Articles.Article
        {
            Id = a.Id,
            Title = a.Title,
            Content = a.Content,
            Author = a.Author,
            CreatedAt = Timestamp.FromDateTime(a.CreatedAt),
            UpdatedAt = Timestamp.FromDateTime(a.UpdatedAt),
            Views = a.Views,
            Published = a.Published,
        };
        message.Tags.Add(a.Tags);
        return message;
    }

    public static Article FromProto(this Articles.Article a) => new()
    {
        Id = a.Id,
        Title = a.Title,
        Content = a.Content,
        Author = a.Author,
        Tags = [.. a.Tags],
        CreatedAt = a.CreatedAt.ToDateTime(),
        UpdatedAt = a.UpdatedAt.ToDateTime(),
        Views = a.Views,
        Published = a.Published,
    };
}
