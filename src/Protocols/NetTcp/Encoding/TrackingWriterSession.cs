using System.Text;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The writer half of the in-band session dictionary ([MC-NBFSE]): remembers which strings were added since the last
/// envelope went out, so they can be sent in that envelope's string table, and stops adding once the session holds
/// MaxSessionSize bytes (later strings are then written inline), as WCF's binary session encoder does.
/// </summary>
internal sealed class TrackingWriterSession : XmlBinaryWriterSession
{
    private readonly List<string> _pending = [];
    private int _bytesRemaining;

    public TrackingWriterSession(int maxSessionSize) => _bytesRemaining = maxSessionSize;

    /// <summary>Strings added since <see cref="ClearPending"/>, in key order.</summary>
    public IReadOnlyList<string> Pending => _pending;

    public void ClearPending() => _pending.Clear();

    public override bool TryAdd(XmlDictionaryString value, out int key)
    {
        key = -1;
        if (_bytesRemaining == 0)
        {
            return false;
        }

        var byteCount = Encoding.UTF8.GetByteCount(value.Value);
        var required = byteCount + MultiByteInt31.GetEncodedSize(byteCount);
        if (required > _bytesRemaining)
        {
            _bytesRemaining = 0;
            return false;
        }

        if (!base.TryAdd(value, out key))
        {
            return false;
        }

        _pending.Add(value.Value);
        _bytesRemaining -= required;
        return true;
    }
}
