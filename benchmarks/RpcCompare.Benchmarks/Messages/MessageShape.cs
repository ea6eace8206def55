using System.Text.Json.Serialization.Metadata;
using Google.FlatBuffers;
using Google.Protobuf;
using RpcCompare.Benchmarks.FlatBuffers;
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
/// <param name="FlatBuffersWrite">Builds the message's FlatBuffers table and returns its offset.</param>
/// <param name="FlatBuffersRead">Reads a finished FlatBuffers buffer back into the message.</param>
public sealed record MessageShape<T, TProto>(
    JsonTypeInfo<T> Json,
    Func<T, TProto> ToProto,
    Func<TProto, T> FromProto,
    MessageParser<TProto> Parser,
    Func<FlatBufferBuilder, T, int> FlatBuffersWrite,
    Func<ByteBuffer, T> FlatBuffersRead)
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
        GraphProto.LinkList.Parser,
        FlatBuffersMapping.WriteLinks,
        FlatBuffersMapping.ReadLinks);

    public static MessageShape<WideRecord, GraphProto.WideRecord> Record { get; } = new(
        GraphJsonContext.Default.WideRecord,
        record => record.ToProto(),
        record => record.FromProto(),
        GraphProto.WideRecord.Parser,
        FlatBuffersMapping.WriteRecord,
        FlatBuffersMapping.ReadRecord);

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
        GraphProto.RecordList.Parser,
        FlatBuffersMapping.WriteRecords,
        FlatBuffersMapping.ReadRecords);

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
        PbArticles.ArticleList.Parser,
        FlatBuffersMapping.WriteArticles,
        FlatBuffersMapping.ReadArticles);
}
