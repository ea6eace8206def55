namespace RpcCompare.Benchmarks.Messages;

/// <summary>Builds each benchmark message at the size the studies used.</summary>
public static class MessageCatalog
{
    public static int ItemCount(MessageKind kind) => kind switch
    {
        MessageKind.LeafLinks => 2,
        MessageKind.HubLinks10k => 10_000,
        MessageKind.HubLinks250k => 250_000,
        MessageKind.WideRecord => 1,
        MessageKind.WideRecords4000 => 4_000,
        MessageKind.Articles100k => 100_000,
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "Unknown message."),
    };

    public static BenchmarkMessage Create(MessageKind kind)
    {
        var count = ItemCount(kind);
        return kind switch
        {
            MessageKind.LeafLinks or MessageKind.HubLinks10k or MessageKind.HubLinks250k =>
                new BenchmarkMessage<Contracts.LinkView[], Contracts.Grpc.LinkList>(kind, count, MessageFactory.Links(count), MessageShapes.Links),
            MessageKind.WideRecord =>
                new BenchmarkMessage<Contracts.WideRecord, Contracts.Grpc.WideRecord>(kind, count, MessageFactory.WideRecords(1)[0], MessageShapes.Record),
            MessageKind.WideRecords4000 =>
                new BenchmarkMessage<Contracts.WideRecord[], Contracts.Grpc.RecordList>(kind, count, MessageFactory.WideRecords(count), MessageShapes.Records),
            MessageKind.Articles100k =>
                new BenchmarkMessage<Article[], Proto.ArticleList>(kind, count, MessageFactory.Articles(count), MessageShapes.Articles),
            _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "Unknown message."),
        };
    }
}
