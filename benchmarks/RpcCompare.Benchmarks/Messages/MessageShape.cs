using System.Text.Json.Serialization.Metadata;
using Google.Protobuf;
using RpcCompare.Contracts;
using RpcCompare.Contracts.Json;
using GraphProto = RpcCompare.Contracts.Grpc;
using PbArticles = RpcCompare.Benchmarks.Messages.Proto;

namespace RpcCompare.Benchmarks.Messages;

/// <summary>What the serializers need to know about one message type besides the type itself.</summary>
/// <param name="Json">The source-generated metadata the REST host would use for it.</param>
/// <param name="ToProto">The mapping the gRPC host does before writing.</param>
/// <param name="FromProto">The mapping the gRPC client does after parsing.</param>
/// <param name="Parser">The generated protobuf parser.</param>
public sealed record MessageShape<T, TProto>(
    JsonTypeInfo<T> Json,
    Func<T, TProto> ToProto,
    Func<TProto, T> FromProto,
    MessageParser<TProto> Parser)
    where TProto : IMessage<TProto>;

/// <summary>The shapes of the four message types: a list of links, one wide record, wide records, articles.</summary>
public static class MessageShapes
{
    public static MessageShape<LinkView[], GraphProto.LinkList> Links { get; } = new(
        GraphJsonContext.Default.LinkViewArray,
        links =>
        {
            var list = new GraphProto.LinkList();
            foreach (var link in links)
            {
                list.Links.Add(link.ToProto());
            }
            return list;
        },
        list => [.. list.Links.Select(link => link.FromProto())],
        GraphProto.LinkList.Parser);

    public static MessageShape<WideRecord, GraphProto.WideRecord> Record { get; } = new(
        GraphJsonContext.Default.WideRecord,
        record => record.ToProto(),
        record => record.FromProto(),
        GraphProto.WideRecord.Parser);

    public static MessageShape<WideRecord[], GraphProto.RecordList> Records { get; } = new(
        GraphJsonContext.Default.WideRecordArray,
        records =>
        {
            var list = new GraphProto.RecordList();
            foreach (var record in records)
            {
                list.Records.Add(record.ToProto());
            }
            return list;
        },
        list => [.. list.Records.Select(record => record.FromProto())],
        GraphProto.RecordList.Parser);

    public static MessageShape<Article[], PbArticles.ArticleList> Articles { get; } = new(
        BenchmarkJsonContext.Default.ArticleArray,
        articles =>
        {
            var list = new PbArticles.ArticleList();
            foreach (var article in articles)
            {
                list.Articles.Add(article.ToProto());
            }
            return list;
        },
        list => [.. list.Articles.Select(article => article.FromProto())],
        PbArticles.ArticleList.Parser);
}
