namespace RpcCompare.Protocols.GraphQl;

/// <summary>Configures one argument: its GraphQL type (inferred from <typeparamref name="TArg"/> if not set), default and description.</summary>
public sealed class ArgumentDescriptor<TArg>
{
    private readonly ArgumentConfig _config;

    internal ArgumentDescriptor(ArgumentConfig config) => _config = config;

    /// <summary>The GraphQL type in SDL notation, e.g. <c>"String"</c> to make a string argument optional.</summary>
    public ArgumentDescriptor<TArg> Type(string typeReference)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(typeReference);
        _config.TypeReference = typeReference;
        return this;
    }

    public ArgumentDescriptor<TArg> DefaultValue(TArg value)
    {
        _config.HasDefaultValue = true;
        _config.DefaultValue = value;
        return this;
    }

    public ArgumentDescriptor<TArg> Description(string description)
    {
        _config.Description = description;
        return this;
    }
}
