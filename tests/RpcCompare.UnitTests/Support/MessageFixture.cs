using RpcCompare.Benchmarks.Messages;

namespace RpcCompare.UnitTests.Support;

/// <summary>Each benchmark message built once for the whole test class, at the size the benchmarks use.</summary>
public sealed class MessageFixture
{
    private readonly Dictionary<MessageKind, Lazy<BenchmarkMessage>> _messages =
        Enum.GetValues<MessageKind>().ToDictionary(kind => kind, kind => new Lazy<BenchmarkMessage>(() => MessageCatalog.Create(kind)));

    public BenchmarkMessage this[MessageKind kind] => _messages[kind].Value;
}
