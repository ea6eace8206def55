using System.Xml;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.Fuzz;

/// <summary>
/// Target (b): the input is the payload of one sized envelope (binary session string table, then binary XML). It goes
/// through the steps of ServerSession.DecodeRequest: BinarySessionCodec.OpenMessage, EnvelopeReader.ReadToBody, the
/// action lookup in the graph contract and OperationDescription.ReadRequestBody with DataContractSerializer.
/// </summary>
internal static class EnvelopeTarget
{
    /// <summary>True when the request decoded; false when the decoder refused it. Any other exception propagates.</summary>
    public static bool Run(byte[] input)
    {
        using var codec = new BinarySessionCodec(FuzzSettings.ReaderQuotas);
        try
        {
            XmlDictionaryReader reader = codec.OpenMessage(input, input.Length);
            var headers = EnvelopeReader.ReadToBody(reader);
            if (headers.Action is null || !FuzzSettings.Contract.ByAction.TryGetValue(headers.Action, out var operation))
            {
                return true; // the service answers an ActionNotSupported fault: a decoded request, not a refusal
            }

            var args = operation.ReadRequestBody(reader);
            CheckArgumentTypes(operation, args);
            return true;
        }
        catch (Exception ex) when (DecoderRefusals.IsRefusal(ex))
        {
            return false;
        }
    }

    // The invoker casts each argument to its parameter's type; a decoded argument of another type would fail there.
    private static void CheckArgumentTypes(OperationDescription operation, object?[] args)
    {
        var parameters = operation.Method.GetParameters();
        for (var i = 0; i < args.Length; i++)
        {
            if (args[i] is { } arg && !parameters[i].ParameterType.IsInstanceOfType(arg))
            {
                throw new InvalidOperationException(
                    $"Operation {operation.Name}: parameter '{parameters[i].Name}' ({parameters[i].ParameterType}) was decoded as a {arg.GetType()}.");
            }
        }
    }
}
