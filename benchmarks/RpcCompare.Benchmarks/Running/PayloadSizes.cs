using System.Collections.Concurrent;
using RpcCompare.Benchmarks.Messages;
using RpcCompare.Benchmarks.Serializers;

namespace RpcCompare.Benchmarks.Running;

/// <summary>
/// Payload sizes in bytes. The messages are deterministic, so a size is computed once, in whichever process asks, and
/// is the same as the one the benchmark process wrote.
/// </summary>
public static class PayloadSizes
{
    private static readonly ConcurrentDictionary<(MessageKind, SerializerKind), int> Sizes = new();
    private static readonly Lock Gate = new();

    // The last message built: the summary asks for one message's sizes at a time, and the big ones weigh hundreds of MB.
    private static BenchmarkMessage? _lastMessage;

    public static int Of(MessageKind message, SerializerKind serializer) =>
        Sizes.GetOrAdd((message, serializer), key =>
        {
            lock (Gate)
            {
                if (_lastMessage?.Kind != key.Item1)
                {
                    _lastMessage = null;
                    _lastMessage = MessageCatalog.Create(key.Item1);
                }
                return _lastMessage.CreateCase(key.Item2).SerializeToArray().Length;
            }
        });

    /// <summary>Lets the collector have the last message once all sizes are known.</summary>
    public static void ReleaseMessage()
    {
        lock (Gate)
        {
            _lastMessage = null;
        }
    }
}
