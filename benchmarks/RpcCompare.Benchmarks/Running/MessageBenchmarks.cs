using BenchmarkDotNet.Attributes;
using RpcCompare.Benchmarks.Messages;

namespace RpcCompare.Benchmarks.Running;

// One class per message (BenchmarkDotNet needs them unsealed: it derives from them).

[Config(typeof(SmallMessageConfig))]
[BenchmarkCategory(Categories.Links, Categories.Small)]
public class LeafLinks : SerializerBenchmarks
{
    public override MessageKind Message => MessageKind.LeafLinks;
}

[Config(typeof(LargeMessageConfig))]
[BenchmarkCategory(Categories.Links, Categories.Large)]
public class HubLinks10k : SerializerBenchmarks
{
    public override MessageKind Message => MessageKind.HubLinks10k;
}

[Config(typeof(LargeMessageConfig))]
[BenchmarkCategory(Categories.Links, Categories.Large)]
public class HubLinks250k : SerializerBenchmarks
{
    public override MessageKind Message => MessageKind.HubLinks250k;
}

[Config(typeof(SmallMessageConfig))]
[BenchmarkCategory(Categories.Records, Categories.Small)]
public class WideRecord : SerializerBenchmarks
{
    public override MessageKind Message => MessageKind.WideRecord;
}

[Config(typeof(LargeMessageConfig))]
[BenchmarkCategory(Categories.Records, Categories.Large)]
public class WideRecords4000 : SerializerBenchmarks
{
    public override MessageKind Message => MessageKind.WideRecords4000;
}

[Config(typeof(LargeMessageConfig))]
[BenchmarkCategory(Categories.Articles, Categories.Large)]
public class Articles100k : SerializerBenchmarks
{
    public override MessageKind Message => MessageKind.Articles100k;
}
