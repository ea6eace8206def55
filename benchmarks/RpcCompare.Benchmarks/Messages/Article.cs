using System.ComponentModel;
using System.Runtime.Serialization;

namespace RpcCompare.Benchmarks.Messages;

/// <summary>
/// The article-like object the Java study serialized 100,000 times (id, title, content, author, tags, timestamps). It is
/// not part of the graph contract; it exists so that study's figures can be re-measured with the same kind of object.
/// </summary>
[DataContract(Namespace = "http://rpccompare.dev/benchmarks/data")]
// protobuf-net writes its DateTimes as google.protobuf.Timestamp and omits empty strings, as it does the graph contract's
// (src/Contracts/CodeFirst/CodeFirstWire.cs).
[ProtoBuf.CompatibilityLevel(ProtoBuf.CompatibilityLevel.Level300)]
public sealed record Article
{
    [DataMember(Order = 1)] public long Id { get; set; }
    [DataMember(Order = 2), DefaultValue("")] public string Title { get; set; } = "";
    [DataMember(Order = 3), DefaultValue("")] public string Content { get; set; } = "";
    [DataMember(Order = 4), DefaultValue("")] public string Author { get; set; } = "";
    [DataMember(Order = 5)] public string[] Tags { get; set; } = [];
    [DataMember(Order = 6)] public DateTime CreatedAt { get; set; }
    [DataMember(Order = 7)] public DateTime UpdatedAt { get; set; }
    [DataMember(Order = 8)] public int Views { get; set; }
    [DataMember(Order = 9)] public bool Published { get; set; }

    // Records compare arrays by reference; a deserialized article has its own Tags array, so compare the items.
    public bool Equals(Article? other) =>
        other is not null
        && Id == other.Id
        && Title == other.Title
        && Content == other.Content
        && Author == other.Author
        && Tags.AsSpan().SequenceEqual(other.Tags)
        && CreatedAt == other.CreatedAt
        && UpdatedAt == other.UpdatedAt
        && Views == other.Views
        && Published == other.Published;

    public override int GetHashCode() => HashCode.Combine(Id, Title, Tags.Length, CreatedAt);
}
